import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Tabs } from './Tabs';

const TABS = ['one', 'two', 'three'] as const;
type Tab = (typeof TABS)[number];
const NAMES: Record<Tab, string> = { one: 'One', two: 'Two', three: 'Three' };

const Harness = ({ orientation }: { orientation?: 'horizontal' | 'vertical' }) => {
  const [active, setActive] = useState<Tab>('one');
  return (
    <Tabs
      label="Sections"
      tabs={TABS}
      names={NAMES}
      active={active}
      onSelect={setActive}
      orientation={orientation}
    >
      <p>{`${NAMES[active]} content`}</p>
    </Tabs>
  );
};

const tab = (name: string) => screen.getByRole('tab', { name });
const press = (key: string) => fireEvent.keyDown(document.activeElement ?? document.body, { key });

describe('Tabs', () => {
  it('draws a named tab list and the active tab’s panel, named by its tab', () => {
    render(<Harness />);

    screen.getByRole('tablist', { name: 'Sections' });
    expect(screen.getAllByRole('tab').map((element) => element.textContent)).toEqual(['One', 'Two', 'Three']);
    expect(tab('One').getAttribute('aria-selected')).toBe('true');
    expect(tab('Two').getAttribute('aria-selected')).toBe('false');
    expect(screen.getByRole('tabpanel', { name: 'One' }).textContent).toBe('One content');
    expect(tab('One').getAttribute('aria-controls')).toBe(screen.getByRole('tabpanel').id);
  });

  it('keeps one tab in the tab order: the active one', () => {
    render(<Harness />);

    expect(screen.getAllByRole('tab').map((element) => element.tabIndex)).toEqual([0, -1, -1]);
  });

  it('selects a tab by click', () => {
    render(<Harness />);

    fireEvent.click(tab('Three'));

    expect(tab('Three').getAttribute('aria-selected')).toBe('true');
    screen.getByRole('tabpanel', { name: 'Three' });
  });

  it('moves and selects with the arrows, wrapping around, and jumps with Home and End', () => {
    render(<Harness />);
    tab('One').focus();

    press('ArrowLeft');
    expect(document.activeElement).toBe(tab('Three'));
    expect(tab('Three').getAttribute('aria-selected')).toBe('true');
    press('ArrowRight');
    expect(document.activeElement).toBe(tab('One'));
    press('End');
    expect(document.activeElement).toBe(tab('Three'));
    press('Home');
    expect(document.activeElement).toBe(tab('One'));
    screen.getByRole('tabpanel', { name: 'One' });
  });

  it('takes the up and down arrows only when vertical', () => {
    const { unmount } = render(<Harness />);
    tab('One').focus();
    press('ArrowDown');
    expect(tab('One').getAttribute('aria-selected')).toBe('true');
    unmount();

    render(<Harness orientation="vertical" />);
    expect(screen.getByRole('tablist').getAttribute('aria-orientation')).toBe('vertical');
    tab('One').focus();
    press('ArrowDown');
    expect(document.activeElement).toBe(tab('Two'));
    press('ArrowUp');
    press('ArrowUp');
    expect(tab('Three').getAttribute('aria-selected')).toBe('true');
  });
});
