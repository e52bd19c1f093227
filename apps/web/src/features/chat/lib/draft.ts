import { create } from 'zustand';

/**
 * The chat input's text and the state of its send, kept outside the panel (issue #50).
 *
 * Why: the panel is unmounted and mounted again while a person types — theater mode takes the side
 * column away, and the room's page re-renders when its data is fetched again (the player asks for
 * that when its stream reconnects). Kept in the panel, the typed text (and a line on its way, with
 * its answer) went with it: the box came back empty and nothing said what became of the line.
 */
interface Draft {
  roomId: number;
  text: string;
  /** A line is on its way (waiting for the chat to connect, or for the server's answer). */
  sending: boolean;
  /** The last refusal (the server's words), or the send's SEND_FAILED; '' when none. */
  error: string;
  /** When my last line was taken (the slow-mode countdown starts there). */
  lastSentAt: number | null;
}

const empty = (roomId: number): Draft => ({ roomId, text: '', sending: false, error: '', lastSentAt: null });

export const useChatDraft = create<Draft>(() => empty(0));

/** The draft of this room (another room's is not shown). */
export const draftOf = (d: Draft, roomId: number): Draft => (d.roomId === roomId ? d : empty(roomId));

/** Typing replaces the text and clears the last refusal. */
export function setDraftText(roomId: number, text: string) {
  const d = draftOf(useChatDraft.getState(), roomId);
  useChatDraft.setState({ ...d, text, error: '' });
}

/**
 * Sends the draft's line and records its outcome: taken (the line leaves the input; what was typed
 * after it meanwhile stays) or refused (the text stays, the reason shows).
 */
export async function sendDraft(roomId: number, value: string, send: (text: string) => Promise<string | null>, now = Date.now): Promise<string | null> {
  useChatDraft.setState({ ...draftOf(useChatDraft.getState(), roomId), sending: true, error: '' });
  const err = await send(value);
  const d = useChatDraft.getState();
  if (d.roomId !== roomId) return err;
  if (err) useChatDraft.setState({ sending: false, error: err });
  else {
    const cur = d.text.trim();
    useChatDraft.setState({ sending: false, error: '', lastSentAt: now(), text: cur.startsWith(value) ? cur.slice(value.length).trimStart() : d.text });
  }
  return err;
}
