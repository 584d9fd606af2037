// The errors the transport throws (SPEC §8): ApiError (status, the stable code, the text to show,
// the server's own message and violations) and UploadCancelledError. Islands may import this file,
// and only this one, from src/lib/api: the failures a store action rejects with (decision 214).
import type { Violation } from '../../../contract/envelope.ts';
import { isErrorCode, type ErrorCode } from '../../../contract/errors.ts';
import { CompanySessionEndReason } from '../../../contract/company-sessions.ts';

/** Why a company session ended and where (401 company_session_ended, decision 243). */
export interface SessionEnd {
  reason: CompanySessionEndReason;
  companyName: string;
}

/** Numbers a failed answer carries for its text (`retry_after`, `max_megabytes`, …). */
export type ErrorDetails = Record<string, number>;

/** A failed call: `status` 0 means no answer arrived (network failure or an unreadable answer). */
export class ApiError extends Error {
  readonly status: number;
  readonly method: string;
  readonly path: string;
  /** The code from contract/errors.ts the answer carried; undefined when it carried none. */
  readonly code: ErrorCode | undefined;
  readonly details: ErrorDetails;
  readonly violations: Violation[];
  /** The server's own text (data.message, else data.error), '' when it sent none. */
  readonly serverMessage: string;
  /** With company_session_ended: why the company session ended, and which company's it was. */
  readonly sessionEnd: SessionEnd | undefined;

  constructor(init: {
    status: number;
    method: string;
    path: string;
    message: string;
    code?: ErrorCode | undefined;
    details?: ErrorDetails;
    serverMessage?: string;
    violations?: Violation[];
    sessionEnd?: SessionEnd | undefined;
    cause?: unknown;
  }) {
    super(init.message, { cause: init.cause });
    this.name = 'ApiError';
    this.status = init.status;
    this.method = init.method;
    this.path = init.path;
    this.code = init.code;
    this.details = init.details ?? {};
    this.serverMessage = init.serverMessage ?? '';
    this.violations = init.violations ?? [];
    this.sessionEnd = init.sessionEnd;
  }
}

/** Why a company session ended, from a company_session_ended answer's body; undefined otherwise. */
export function sessionEndOf(body: unknown): SessionEnd | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { code, reason, company_name: companyName } = body as { code?: unknown; reason?: unknown; company_name?: unknown };
  const parsed = CompanySessionEndReason.safeParse(reason);
  if (code !== 'company_session_ended' || !parsed.success || typeof companyName !== 'string') return undefined;
  return { reason: parsed.data, companyName };
}

/** SPEC §8: the text of a failed answer's body, data.message then data.error; '' when neither is text. */
export function serverMessageOf(body: unknown): string {
  if (typeof body !== 'object' || body === null) return '';
  const { message, error } = body as { message?: unknown; error?: unknown };
  if (typeof message === 'string' && message) return message;
  if (typeof error === 'string' && error) return error;
  return '';
}

/** The code of a failed answer's body, when it is one of the contract's. */
export function codeOf(body: unknown): ErrorCode | undefined {
  const code = typeof body === 'object' && body !== null ? (body as { code?: unknown }).code : undefined;
  return isErrorCode(code) ? code : undefined;
}

/** The numeric fields of a failed answer's body, for placeholders in the code's text. */
export function detailsOf(body: unknown): ErrorDetails {
  if (typeof body !== 'object' || body === null) return {};
  return Object.fromEntries(Object.entries(body).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));
}

/** The violations of a failed answer's body, keeping only well-formed items. */
export function violationsOf(body: unknown): Violation[] {
  const list = typeof body === 'object' && body !== null ? (body as { violations?: unknown }).violations : undefined;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (item): item is Violation =>
      typeof item === 'object' && item !== null && typeof item.field === 'string' && typeof item.title === 'string',
  );
}

/** An upload the person cancelled. */
export class UploadCancelledError extends Error {
  constructor() {
    super('Upload cancelled');
  }
}
