import { saveFile } from './save-file';

describe('saveFile', () => {
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
    jest.restoreAllMocks();
    jest.useRealTimers();
  });

  it('follows a temporary link to the file under its name, then lets the object URL go', () => {
    jest.useFakeTimers();
    const file = new Blob(['a,b\r\n'], { type: 'text/csv' });
    const createObjectURL = jest.fn((_: Blob) => 'blob:saved');
    const revokeObjectURL = jest.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const clicked: Array<{ href: string; download: string; attached: boolean }> = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download, attached: this.isConnected });
    });

    saveFile(file, 'report.csv');

    expect(createObjectURL).toHaveBeenCalledWith(file);
    // Attached while clicked (older Firefox follows only links in the document), gone after.
    expect(clicked).toEqual([{ href: 'blob:saved', download: 'report.csv', attached: true }]);
    expect(document.querySelector('a')).toBeNull();
    // Revoked a task later: revoking during the click's own task can cancel the download in some browsers.
    expect(revokeObjectURL).not.toHaveBeenCalled();
    jest.runAllTimers();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:saved');
  });
});
