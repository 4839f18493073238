import { loadIcon, type IconFetchEnvironment, type IconLoad } from './icon-fetch.ts';
import {
  planIcons,
  shortSource,
  type IconCandidate,
  type IconRefusal,
  type PageTheme,
} from './icon-policy.ts';

/** What happened to a tool's icons: the one shown, if any, and why each other one was not. */
export interface IconResolution {
  shown?: { url: string; candidate: IconCandidate };
  refused: IconRefusal[];
}

/** Fetches tried per tool: a server listing many broken icons must not make the page fetch them all. */
const MAX_FETCHES_PER_TOOL = 3;
/** Loads remembered by source, so a thousand tools sharing an icon fetch it once. */
const MAX_CACHED = 500;
const loads = new Map<string, Promise<IconLoad>>();

function cachedLoad(candidate: IconCandidate, environment: IconFetchEnvironment): Promise<IconLoad> {
  let load = loads.get(candidate.src);
  if (!load) {
    if (loads.size >= MAX_CACHED) loads.delete(loads.keys().next().value!);
    load = loadIcon(candidate, environment);
    loads.set(candidate.src, load);
  }
  return load;
}

/** Forgets every load (tests). */
export function clearIconCache(): void {
  loads.clear();
}

/** Picks and loads the best icon of `icons` for the page's theme and the size drawn. */
export async function resolveIcon(
  icons: unknown,
  options: { theme: PageTheme; sizePx: number },
  environment: IconFetchEnvironment,
): Promise<IconResolution> {
  const plan = planIcons(icons, options);
  const refused = [...plan.refused];
  let fetches = 0;
  for (const candidate of plan.candidates) {
    if (candidate.kind === 'https' && ++fetches > MAX_FETCHES_PER_TOOL) {
      refused.push({
        index: candidate.index,
        src: shortSource(candidate.src),
        reason: 'not tried (too many icons)',
      });
      continue;
    }
    const load = await cachedLoad(candidate, environment);
    if (load.ok) {
      // The rest are alternatives, not failures: only those refused so far are reported.
      return { shown: { url: load.url, candidate }, refused: refused.sort((a, b) => a.index - b.index) };
    }
    refused.push({ index: candidate.index, src: shortSource(candidate.src), reason: load.reason });
  }
  return { refused: refused.sort((a, b) => a.index - b.index) };
}
