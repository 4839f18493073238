import type { BridgeToClient } from '#shared/bridge-protocol.ts';
import type { RecordingWriter } from '../recordings/recording-writer.ts';
import type { PageView } from './channel-policy.ts';

/** Sends a message to the page; `json`, when given, is its JSON text already built. */
export type Deliver = (message: BridgeToClient, json?: string) => void;

/**
 * What a connection's relay sends becomes, for the page and the recording: the view's form of each
 * message (none: dropped for both), its events written to the recording (a `closed` one ends it),
 * then the message sent on to the page.
 */
export function pageDelivery(
  view: PageView | undefined,
  writer: RecordingWriter | undefined,
  emit: Deliver,
): Deliver {
  return (sent, sentJson) => {
    const shown = view ? view.toPage(sent, sentJson) : { message: sent, json: sentJson };
    if (!shown) return;
    const { message, json } = shown;
    if (writer && message.type === 'event') {
      writer.addEvent({ time: message.time, event: message.event });
      if (message.event.kind === 'closed') writer.end(message.time);
    }
    emit(message, json);
  };
}
