export const pageStrings = {
  documentTitle: (title: string) => `${title} · Streamly`,
  backHome: 'Back to home',
  unexpectedError: 'Unexpected Application Error!',
  unexpectedErrorLine: 'Something went wrong on our side. Please try again in a moment.',
  footerTitle: 'Site links',
} as const;
