// A person's profile status (SPEC §3 'profile status', decision 170): what they are open to,
// shown beside their name. The values people know from professional networks; null is "not shown".
import { z } from 'zod';

export const profileStatuses = ['open_to_work', 'hiring', 'providing_services', 'not_looking'] as const;
export const ProfileStatus = z.enum(profileStatuses);
export type ProfileStatus = z.infer<typeof ProfileStatus>;
