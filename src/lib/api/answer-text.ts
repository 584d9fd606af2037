// The text the transport gives a failed answer's ApiError (SPEC §8, ARCHITECTURE "API conventions"):
// the code's translation in the page's language; the server's own message only when the answer
// carried no code we know; 'Some error' when it carried neither. What a person reads of any failure
// comes from src/lib/base/failure-text.ts, which shows this text for an ApiError.
import type { ErrorCode } from '../../../contract/errors.ts';
import type { Locale } from '../../../contract/locale.ts';
import { errorCodeMessageKey, libText } from '../base/lib-messages.ts';
import type { ErrorDetails } from '../base/api-error.ts';

export function answerText(code: ErrorCode | undefined, details: ErrorDetails, serverMessage: string, locale: Locale): string {
  if (code) return libText(locale, errorCodeMessageKey(code), details);
  return serverMessage || libText(locale, 'error.some');
}
