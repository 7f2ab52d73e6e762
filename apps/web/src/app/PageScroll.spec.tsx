import { act, fireEvent, render } from '@testing-library/react';
import { memoryRouterAt } from '@web/test/memory-router';
import { PageScroll } from './PageScroll';

const scrolledTo = (y: number) => {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  fireEvent.scroll(window);
};

describe('PageScroll', () => {
  it('opens a new page at its top and returns to where a page was left on Back and Forward', async () => {
    const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { router, wrap } = memoryRouterAt('/movies');
    render(wrap(<PageScroll />));
    scrolledTo(640);

    await act(() => router.navigate('/tv-shows'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    scrolledTo(90);

    await act(() => router.navigate(-1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
    await act(() => router.navigate(1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 90);
  });

  it("opens a link with an #anchor at the anchor's element", async () => {
    jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const scrollIntoView = jest.fn();
    const anchor = document.body.appendChild(
      Object.assign(document.createElement('section'), { id: 'plans' }),
    );
    anchor.scrollIntoView = scrollIntoView;
    const { router, wrap } = memoryRouterAt('/');
    render(wrap(<PageScroll />));

    await act(() => router.navigate('/subscription#plans'));

    expect(scrollIntoView).toHaveBeenCalled();
    anchor.remove();
  });
});
