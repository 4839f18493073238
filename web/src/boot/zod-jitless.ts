import { config } from 'zod';

/*
 * Imported first by main.tsx, before the MCP SDK's schemas are built (zod reads this setting when a
 * schema is made). zod's default compiles a parser with `new Function` the first time each object
 * schema parses; the SDK's 2026-07-28 codec parses the first `server/discover` answer through dozens
 * of them, and that compiling costs the page's first modern connect about 0.4 s of main thread
 * (a modern setup took ~0.6 s more than a legacy one with them compiled). Frames are small, so the
 * interpreted parser costs nothing a person notices afterwards.
 */
config({ jitless: true });
