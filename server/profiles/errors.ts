// Errors the profile services throw; routes map them to 404 and 422.

/** The item does not exist, or belongs to someone else (both answer 404 so ids cannot be probed). */
export class ItemNotFoundError extends Error {
  constructor(what = 'Not found.') {
    super(what);
  }
}

/** A rule about one field that the schema cannot check (a media file that is not yours, …). */
export class FieldRuleError extends Error {
  readonly field: string;
  readonly messageRef: string;
  constructor(field: string, messageRef: string) {
    super(messageRef);
    this.field = field;
    this.messageRef = messageRef;
  }
}

/** Endorsing and recommending vouch for someone: only people with a verified email may (hardening issue, point 7). */
export class EmailNotVerifiedError extends Error {
  constructor() {
    super('Verify your email address before you endorse or recommend anyone.');
  }
}
