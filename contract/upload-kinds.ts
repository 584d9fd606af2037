// Upload kinds and the types and sizes each takes (SPEC §5, §9). Its own module, free of schemas, so
// a file picker's `accept` list costs a page no zod.

export const uploadKinds = {
  photo: { maxBytes: 10 * 1024 * 1024, types: ['image/png', 'image/jpeg'] },
  // 'Any image or GIF': every raster format current browsers show; SVG is refused (decision 073).
  cover: {
    maxBytes: 25 * 1024 * 1024,
    types: ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/bmp', 'image/x-icon'],
  },
  media: {
    maxBytes: 100 * 1024 * 1024,
    types: [
      'application/pdf',
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.ms-powerpoint',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'image/jpeg',
      'image/png',
    ],
  },
} as const;

/**
 * Everything one person may keep stored (hardening issue, point 6): room for a few large documents
 * beside photo and cover. Files nothing refers to any more are deleted, so removing an entry frees room.
 */
export const storageQuotaBytes = 300 * 1024 * 1024;

/** Uploads one person may start in a window, whatever their kind (profile or company images, media). */
export const uploadRate = { max: 30, windowMs: 10 * 60_000 } as const;

/** The `accept` attribute of a file input for `kind`: exactly the types the server takes. */
export function acceptedTypesOf(kind: keyof typeof uploadKinds): string {
  return uploadKinds[kind].types.join(',');
}
