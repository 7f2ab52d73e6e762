import UAParser from 'ua-parser-js';
import type { QoeBrowser } from '@app/contracts';
import { DeviceMessages, QoeBrowsers, USER_AGENT_MAX_LENGTH } from '@app/contracts';

/** What a User-Agent says of the device: its name for people, and what makes it "the same device" for the new-device mail. */
export type DeviceDescription = {
  /** "Chrome on Windows", "Safari on iPhone", or "Unknown device". */
  label: string;
  browser: string | null;
  os: string | null;
  /** Browser, OS and hardware, without versions (an update is not a new device). */
  fingerprint: string;
};

/** ua-parser-js's other names for a browser people know under one name (older parser releases, vendor names). */
const browserAliases: Readonly<Record<string, string>> = {
  'Microsoft Edge': 'Edge',
  'Samsung Browser': 'Samsung Internet',
};

/** The parser's names for mobile, headless and embedded builds of a browser are the browser to a viewer. */
const browserName = (name: string | undefined): string | null => {
  if (!name) return null;
  const plain = name.replace(/^Mobile /, '').replace(/ (Headless|WebView)$/, '');
  return browserAliases[plain] ?? plain;
};

const osNames: Readonly<Record<string, string>> = { 'Mac OS': 'macOS', 'Chromium OS': 'ChromeOS' };

/** iOS is told apart by the hardware (iPhone, iPad) people know it as. */
const osName = (name: string | undefined, model: string | undefined): string | null => {
  if (!name) return null;
  if (name === 'iOS' && (model === 'iPhone' || model === 'iPad' || model === 'iPod')) return model;
  return osNames[name] ?? name;
};

/** The one parse every reading below is built on, no further than a User-Agent may be long. */
const parse = (userAgent: string | undefined) => {
  const { browser, os, device } = new UAParser((userAgent ?? '').slice(0, USER_AGENT_MAX_LENGTH)).getResult();
  return {
    browser: browserName(browser.name),
    os: osName(os.name, device.model),
    vendor: device.vendor,
    model: device.model,
  };
};

/** A sign-in's device (Profile → Devices, the new-device mail). */
export const describeDevice = (userAgent: string | undefined): DeviceDescription => {
  const { browser, os, vendor, model } = parse(userAgent);
  const label =
    browser && os ? `${browser} on ${os}` : (browser ?? (os ? `${os} device` : DeviceMessages.unknownDevice));
  const fingerprint = [browser, os, vendor, model].map((part) => part ?? '').join('|');
  return { label, browser, os, fingerprint };
};

/** "Chrome on Android": how the account's devices and screens are named to people. */
export const deviceLabel = (userAgent: string | undefined): string => describeDevice(userAgent).label;

const families: ReadonlySet<string> = new Set(QoeBrowsers);

/** The browser family QoE counts a batch for (a bounded set: `Other` else). */
export const browserFamily = (userAgent: string | undefined): QoeBrowser => {
  const { browser } = parse(userAgent);
  return browser !== null && families.has(browser) ? (browser as QoeBrowser) : 'Other';
};
