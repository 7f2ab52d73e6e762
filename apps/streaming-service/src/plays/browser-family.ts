import UAParser from 'ua-parser-js';
import type { QoeBrowser } from '@app/contracts';
import { QoeBrowsers, USER_AGENT_MAX_LENGTH } from '@app/contracts';

/** ua-parser-js's names that are one of the families under another name (mobile, headless and embedded builds). */
const aliases: Readonly<Record<string, QoeBrowser>> = {
  'Microsoft Edge': 'Edge',
  'Samsung Browser': 'Samsung Internet',
};
const families: ReadonlySet<string> = new Set(QoeBrowsers);

/** The browser family a QoE batch counts for, read from its request's User-Agent (a bounded set: `Other` else). */
export const browserFamily = (userAgent: string | undefined): QoeBrowser => {
  const { name } = new UAParser((userAgent ?? '').slice(0, USER_AGENT_MAX_LENGTH)).getBrowser();
  const plain = (name ?? '').replace(/^Mobile /, '').replace(/ (Headless|WebView)$/, '');
  if (families.has(plain)) return plain as QoeBrowser;
  return aliases[plain] ?? 'Other';
};
