// Sign-in and sign-out (SPEC §3, §7). Registration and verification join this file in the accounts issue.
import { z } from 'zod';

/** `POST /api/login`: `login` is an email address or a phone number. */
export const LoginRequest = z.object({
  login: z.string().trim().min(1).max(255),
  password: z.string().min(1).max(1024),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const LoginResponse = z.object({
  data: z.object({ token: z.string() }),
});
export type LoginResponse = z.infer<typeof LoginResponse>;
