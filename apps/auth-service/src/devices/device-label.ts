import UAParser from 'ua-parser-js';
import { DeviceMessages, USER_AGENT_MAX_LENGTH } from '@app/contracts';

/** What a sign-in's User-Agent says of the device: its name for people, and what makes it "the same device" for the new-device mail. */
export type DeviceDescription = {
  /** "Chrome on Windows", "Safari on iPhone", or "Unknown device". */
  label: string;
  browser: string | null;
  os: string | null;
  /** Browser, OS and hardware, without versions (an update is not a new device). */
  fingerprint: string;
};

/** The parser's names for mobile builds of a browser are the browser to a viewer. */
const browserName = (name: string | undefined): string | null => {
  if (!name) return null;
  const plain = name.replace(/^Mobile /, '').replace(/ (Headless|WebView)$/, '');
  return plain === 'Edge' || plain === 'Microsoft Edge' ? 'Edge' : plain;
};

const osNames: Record<string, string> = { 'Mac OS': 'macOS', 'Chromium OS': 'ChromeOS' };

/** iOS is told apart by the hardware (iPhone, iPad) people know it as. */
const osName = (name: string | undefined, model: string | undefined): string | null => {
  if (!name) return null;
  if (name === 'iOS' && (model === 'iPhone' || model === 'iPad' || model === 'iPod')) return model;
  return osNames[name] ?? name;
};

export const describeDevice = (userAgent: string | undefined): DeviceDescription => {
  const { browser, os, device } = new UAParser((userAgent ?? '').slice(0, USER_AGENT_MAX_LENGTH)).getResult();
  const browserLabel = browserName(browser.name);
  const osLabel = osName(os.name, device.model);
  const label =
    browserLabel && osLabel
      ? `${browserLabel} on ${osLabel}`
      : (browserLabel ?? (osLabel ? `${osLabel} device` : DeviceMessages.unknownDevice));
  const fingerprint = [browserLabel, osLabel, device.vendor, device.model]
    .map((part) => part ?? '')
    .join('|');
  return { label, browser: browserLabel, os: osLabel, fingerprint };
};
