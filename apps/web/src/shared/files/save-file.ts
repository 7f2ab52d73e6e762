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
