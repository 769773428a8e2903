// The app's passing notices (an error text, 已登出, the loading mask of a call) without antd in the
// module: the request wrapper and the auth provider are part of the login page, which loads no antd
// (it shows its own texts: options.showError of the request wrapper). antd's message draws them
// (antd-notices.ts), set up by the chunk in front of every page but the login and error pages
// (src/web/AppRoutes.tsx); a notice asked for before that waits for it.

export interface Notices {
  error: (text: string) => void;
  success: (text: string) => void;
  /** Shows the loading mask and returns the function that hides it. */
  loading: (text: string) => () => void;
}

let drawn: Notices | null = null;
const waiting: ((n: Notices) => void)[] = [];

/** Sets what draws the notices (antd-notices.ts); those asked for until then show now. */
export function setNotices(notices: Notices): void {
  drawn = notices;
  for (const show of waiting.splice(0)) show(notices);
}

function withNotices(show: (n: Notices) => void): void {
  if (drawn) show(drawn);
  else waiting.push(show);
}

export const notices: Notices = {
  error: (text) => withNotices((n) => n.error(text)),
  success: (text) => withNotices((n) => n.success(text)),
  loading: (text) => {
    let hide: (() => void) | null = null;
    let hidden = false;
    withNotices((n) => {
      if (!hidden) hide = n.loading(text);
    });
    return () => {
      hidden = true;
      hide?.();
      hide = null;
    };
  },
};
