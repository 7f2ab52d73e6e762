/** Texts of the pages themselves (namespace `pages`, issue 26). */
export const pageStrings = {
  /** A page's title in the browser's tab: the page's own title, then the brand. */
  documentTitle: '{{title}} · Streamly',
  backHome: 'Back to home',
  unexpectedError: 'Unexpected Application Error!',
  unexpectedErrorLine: 'Something went wrong on our side. Please try again in a moment.',
  footerTitle: 'Site links',
  /** The spinner while a page's code loads (app/PageFallback). */
  loading: 'Loading…',
} as const;
