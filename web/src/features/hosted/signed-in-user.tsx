import type { HostedInfo } from '#shared/hosted.ts';
import { compactButtonClass } from '../../ui/field-classes.ts';

/**
 * Who is signed in, and a sign-out: a plain form (no script needed; the bridge checks its origin).
 * Someone signed in by the SSO proxy signs out there, so only a sign-in cookie gets the button.
 */
export function SignedInUser({ info }: { info: HostedInfo }) {
  return (
    <span className="flex items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
      <span>
        Signed in as <strong className="text-slate-900 dark:text-slate-100">{info.user.name}</strong>
      </span>
      {info.user.via === 'cookie' && (
        <form method="post" action={info.signOutPath}>
          <button type="submit" className={compactButtonClass}>
            Sign out
          </button>
        </form>
      )}
    </span>
  );
}
