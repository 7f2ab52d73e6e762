/** Time left as an admin reads it at a glance: '40 s', '3 min', '1 h 5 min'. */
export const formatEta = (seconds: number | null): string | null => {
  if (seconds === null || !Number.isFinite(seconds)) return null;
  const whole = Math.max(1, Math.round(seconds));
  if (whole < 60) return `${whole} s`;
  const minutes = Math.ceil(whole / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
};

const units = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** A size limit in bytes, as a person writes it: '4 GB'. */
export const formatBytes = (bytes: number): string => {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
};
