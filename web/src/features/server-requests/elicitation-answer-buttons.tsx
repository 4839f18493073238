import type { ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import { primaryButtonClass, secondaryButtonClass } from '../../ui/field-classes.ts';

/**
 * The three answers to an elicitation: Cancel, Decline, Accept. `onAccept` absent makes Accept
 * the submit button of the surrounding form (which then answers with the form's content).
 */
export function ElicitationAnswerButtons({
  onAnswer,
  onAccept,
}: {
  onAnswer: (result: ElicitResult) => void;
  onAccept?: () => void;
}) {
  return (
    <>
      <button type="button" className={secondaryButtonClass} onClick={() => onAnswer({ action: 'cancel' })}>
        Cancel
      </button>
      <button type="button" className={secondaryButtonClass} onClick={() => onAnswer({ action: 'decline' })}>
        Decline
      </button>
      <button type={onAccept ? 'button' : 'submit'} className={primaryButtonClass} onClick={onAccept}>
        Accept
      </button>
    </>
  );
}
