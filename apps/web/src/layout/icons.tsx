/**
 * The menu's pictograms: simple 24×24 line drawings inline, so the collapsed menu stays usable
 * without an icon font or another dependency. Decorative: the label is always the accessible name.
 */
import type { ReactNode } from 'react';
import type { IconName } from '../routes/paths';

const paths: Record<IconName | 'menu' | 'moon' | 'sun' | 'user', ReactNode> = {
  home: <path d="M3 11 12 4l9 7M5 10v10h5v-6h4v6h5V10" />,
  tasks: <path d="M9 6h11M9 12h11M9 18h11M4 6h1M4 12h1M4 18h1" />,
  batches: <path d="M4 8h16v12H4zM6 5h12M8 2h8" />,
  metrics: <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" />,
  templates: <path d="M5 3h10l4 4v14H5zM14 3v5h5M8 12h8M8 16h8" />,
  labelling: <path d="M3 12 12 3h8v8l-9 9zM16 7h.01" />,
  training: <path d="M12 3a9 9 0 1 0 9 9M12 7v5l3 3M17 3h4v4" />,
  workspace: <path d="M3 7h18v13H3zM8 7V4h8v3M3 12h18" />,
  tenant: <path d="M4 21V5l8-3 8 3v16M9 21v-5h6v5M8 8h.01M12 8h.01M16 8h.01M8 12h.01M12 12h.01M16 12h.01" />,
  licensing: <path d="M12 2l8 4v6c0 5-3.5 8.5-8 10-4.5-1.5-8-5-8-10V6zM9 12l2 2 4-4" />,
  help: <path d="M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3M12 17h.01" />,
  menu: <path d="M4 6h16M4 12h16M4 18h16" />,
  moon: <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />,
  sun: (
    <path d="M12 17a5 5 0 1 0 0-10 5 5 0 0 0 0 10zM12 1v2M12 21v2M4.2 4.2l1.4 1.4M18.4 18.4l1.4 1.4M1 12h2M21 12h2M4.2 19.8l1.4-1.4M18.4 5.6l1.4-1.4" />
  ),
  user: <path d="M20 21a8 8 0 0 0-16 0M12 13a5 5 0 1 0 0-10 5 5 0 0 0 0 10z" />,
};

/** A line pictogram, hidden from assistive technology. */
export function Icon({ name }: { name: keyof typeof paths }) {
  return (
    <svg
      className="rd-app-icon"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {paths[name]}
    </svg>
  );
}
