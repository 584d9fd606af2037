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

/** The `accept` attribute of a file input for `kind`: exactly the types the server takes. */
export function acceptedTypesOf(kind: keyof typeof uploadKinds): string {
  return uploadKinds[kind].types.join(',');
}
