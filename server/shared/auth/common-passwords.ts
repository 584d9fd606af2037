// The most common passwords, refused at sign-up and reset. The list is the top 5,000 of the
// "passwords" frequency list in zxcvbn 4.4.2 (MIT, Dan Wheeler and Dropbox, Inc.), all lower case.
import { readFileSync } from 'node:fs';

let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  );
  return common;
}

/** Whether the password is on the list, ignoring case ("Password1" is "password1"). */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}
