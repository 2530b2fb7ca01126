import { errorMessageKey, type ScreenErrorMessages } from '../api/errors';
import { notify } from './store';

/** Shows a failure as an error notification (8 s), in the screen's words when it has some. */
export function notifyError(error: unknown, screenMessages?: ScreenErrorMessages): void {
  notify({ type: 'error', text: errorMessageKey(error, screenMessages) });
}
