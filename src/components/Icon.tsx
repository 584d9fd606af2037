// The kit's icons: a small set of stroked 24 px outlines, drawn inline so no icon font or sprite is
// downloaded. Always decorative (aria-hidden): the control that holds one carries the name.
export type IconName =
  | 'menu'
  | 'close'
  | 'plus'
  | 'edit'
  | 'trash'
  | 'check'
  | 'alert'
  | 'info'
  | 'chevron-down'
  | 'camera'
  | 'image'
  | 'logout'
  | 'user'
  | 'building'
  | 'bell'
  | 'search'
  | 'star'
  | 'heart'
  | 'message'
  | 'briefcase'
  | 'globe'
  | 'verified'
  | 'file'
  | 'upload'
  | 'arrow-left';

const paths: Record<IconName, string> = {
  menu: 'M4 6h16M4 12h16M4 18h16',
  close: 'M6 6l12 12M18 6L6 18',
  plus: 'M12 5v14M5 12h14',
  edit: 'M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4',
  trash: 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3',
  check: 'M5 12.5l4.5 4.5L19 7.5',
  alert: 'M12 8v5M12 16.5v.5M10.3 3.9L2.4 18a2 2 0 001.7 3h15.8a2 2 0 001.7-3L13.7 3.9a2 2 0 00-3.4 0z',
  info: 'M12 11v6M12 7.5v.5M12 21a9 9 0 100-18 9 9 0 000 18z',
  'chevron-down': 'M6 9l6 6 6-6',
  camera: 'M4 8h3l2-3h6l2 3h3v11H4zM12 16.5a3.5 3.5 0 100-7 3.5 3.5 0 000 7z',
  image: 'M4 5h16v14H4zM4 16l5-5 4 4 2-2 5 5M15 9.5v.5',
  logout: 'M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10',
  user: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4 20c1.5-4 4.5-6 8-6s6.5 2 8 6',
  building: 'M5 21V4h10v17M15 9h4v12M8 8h4M8 12h4M8 16h4M3 21h18',
  bell: 'M6 16V11a6 6 0 0112 0v5l2 2H4zM10 20a2 2 0 004 0',
  search: 'M11 18a7 7 0 100-14 7 7 0 000 14zM16 16l4.5 4.5',
  star: 'M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z',
  heart: 'M12 20s-7.5-4.6-7.5-10A4.2 4.2 0 0112 7.6 4.2 4.2 0 0119.5 10c0 5.4-7.5 10-7.5 10z',
  message: 'M4 5h16v11H9l-5 4zM8 9.5h8M8 12.5h5',
  briefcase: 'M3 8h18v11H3zM8 8V5h8v3M3 13h18',
  globe: 'M12 21a9 9 0 100-18 9 9 0 000 18zM3 12h18M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9c-2.5-2.5-3.5-5.5-3.5-9s1-6.5 3.5-9z',
  verified: 'M12 3l7 3v5c0 4.5-3 8.4-7 10-4-1.6-7-5.5-7-10V6l7-3zM8.5 12l2.5 2.5 4.5-5',
  file: 'M6 3h8l4 4v14H6zM14 3v4h4M9 13h6M9 17h6',
  upload: 'M12 16V4M7 9l5-5 5 5M4 20h16',
  'arrow-left': 'M19 12H5M11 6l-6 6 6 6',
};

export default function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg className={className ? `ui-icon ${className}` : 'ui-icon'} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={paths[name]} />
    </svg>
  );
}
