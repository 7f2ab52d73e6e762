/** `streamly-data-YYYY-MM-DD.json`, on the viewer's own calendar day. */
export const exportFileName = (now: Date): string => {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `streamly-data-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.json`;
};

/** Saves `data` as a JSON file. */
export const saveJsonFile = (data: unknown, fileName: string): void =>
  saveFile(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), fileName);

/** Saves a file: a Blob behind an object URL, followed through a temporary download link. */
export const saveFile = (file: Blob, fileName: string): void => {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL is no longer needed once this task ends.
  setTimeout(() => URL.revokeObjectURL(url), 0);
};
