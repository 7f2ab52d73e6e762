import { saveFile } from '@web/shared/files/save-file';

/** `streamly-data-YYYY-MM-DD.json`, on the viewer's own calendar day. */
export const exportFileName = (now: Date): string => {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `streamly-data-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.json`;
};

/** Saves `data` as a JSON file. */
export const saveJsonFile = (data: unknown, fileName: string): void =>
  saveFile(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), fileName);
