import type { MediaAsset } from '@app/contracts';

export const aMediaAsset = (overrides: Partial<MediaAsset> = {}): MediaAsset => ({
  movieId: '65f0c0ffee000000000000e1',
  status: 'none',
  progress: 0,
  etaSeconds: null,
  error: null,
  durationSeconds: null,
  renditions: [],
  hasMp4: false,
  hasTrickplay: false,
  audioTracks: [],
  subtitleTracks: [],
  addedAudio: [],
  source: null,
  sourceName: null,
  updatedAt: null,
  ...overrides,
});

type Upload = {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  /** The browser reports `loaded` of `total` bytes sent. */
  progress: (loaded: number, total: number) => void;
  /** The server answers. */
  respond: (status: number, body: unknown) => void;
};

/** Stands in for XMLHttpRequest (the upload's progress events): records each request and lets a test drive it. */
export const installFakeXhr = () => {
  const uploads: Upload[] = [];
  const Original = window.XMLHttpRequest;
  class FakeXhr extends EventTarget {
    readonly upload = new EventTarget();
    status = 0;
    statusText = '';
    responseText = '';
    private request: Upload = {
      method: '',
      url: '',
      headers: {},
      body: undefined,
      progress: (loaded, total) =>
        this.upload.dispatchEvent(
          Object.assign(new Event('progress'), { lengthComputable: true, loaded, total }),
        ),
      respond: (status, body) => {
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.dispatchEvent(new Event('load'));
      },
    };
    open(method: string, url: string) {
      Object.assign(this.request, { method, url });
    }
    setRequestHeader(name: string, value: string) {
      this.request.headers[name.toLowerCase()] = value;
    }
    send(body: unknown) {
      this.request.body = body;
      uploads.push(this.request);
    }
  }
  Object.assign(window, { XMLHttpRequest: FakeXhr });
  return {
    uploads,
    last: (): Upload => {
      const upload = uploads.at(-1);
      if (!upload) throw new Error('Nothing was uploaded');
      return upload;
    },
    uninstall: () => Object.assign(window, { XMLHttpRequest: Original }),
  };
};
