import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Button, buttonClass } from './Button';
import { Card } from './Card';
import { Field } from './Field';
import { Modal } from './Modal';
import { Panel } from './Panel';
import { uiStrings } from './strings';
import { ToastRegion } from './toast/ToastRegion';
import { PasswordField, SelectField, TextAreaField, TextField } from './TextField';

describe('Field and TextField', () => {
  it('label the control they draw', () => {
    render(
      <>
        <TextField label="Email" type="email" />
        <SelectField label="Genre">
          <option>Drama</option>
        </SelectField>
        <TextAreaField label="Description" />
        <Field label="Custom">{({ id }) => <input id={id} type="range" />}</Field>
      </>,
    );

    expect(screen.getByLabelText('Email')).toHaveProperty('type', 'email');
    expect(screen.getByLabelText('Genre').tagName).toBe('SELECT');
    expect(screen.getByLabelText('Description').tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText('Custom')).toHaveProperty('type', 'range');
  });

  it('announce the hint and the error with the control, and mark it invalid only with an error', () => {
    const { rerender } = render(<TextField label="Rating" hint="0 to 10" />);
    const input = screen.getByLabelText('Rating');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(describedBy(input)).toEqual(['0 to 10']);

    rerender(<TextField label="Rating" hint="0 to 10" error="Rating must be a number" />);

    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(input)).toEqual(['0 to 10', 'Rating must be a number']);
  });

  it('give every field its own ids', () => {
    render(
      <>
        <TextField label="First" error="First is wrong" />
        <TextField label="Second" error="Second is wrong" />
      </>,
    );

    expect(describedBy(screen.getByLabelText('First'))).toEqual(['First is wrong']);
    expect(describedBy(screen.getByLabelText('Second'))).toEqual(['Second is wrong']);
  });

  it('let a password be shown and hidden again', () => {
    render(<PasswordField label="Password" />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveProperty('type', 'password');

    fireEvent.click(screen.getByRole('button', { name: uiStrings.showPassword }));
    expect(input).toHaveProperty('type', 'text');
    expect(screen.getByRole('button', { name: uiStrings.hidePassword }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    fireEvent.click(screen.getByRole('button', { name: uiStrings.hidePassword }));
    expect(input).toHaveProperty('type', 'password');
  });
});

describe('Button', () => {
  it('is a plain button unless told to submit, so it never submits a form by accident', () => {
    const submit = jest.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={submit}>
        <Button>Cancel</Button>
        <Button type="submit">Save</Button>
      </form>,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(submit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it('draws each variant and size with its own classes, and keeps a caller class', () => {
    render(
      <>
        <Button>Primary</Button>
        <Button variant="ghost" size="sm" block className="extra">
          Ghost
        </Button>
        <Button variant="danger">Remove</Button>
      </>,
    );

    expect(classesOf('Primary')).toEqual(expect.arrayContaining(['button', 'primary', 'md']));
    expect(classesOf('Ghost')).toEqual(expect.arrayContaining(['button', 'ghost', 'sm', 'block', 'extra']));
    expect(classesOf('Ghost')).not.toContain('primary');
    expect(classesOf('Remove')).toEqual(expect.arrayContaining(['button', 'danger']));
  });

  it('gives a link the same look through buttonClass', () => {
    expect(buttonClass({ variant: 'ghost', size: 'lg' }).split(' ')).toEqual(['button', 'ghost', 'lg']);
  });
});

describe('Card and Panel', () => {
  it('render the element asked for, and a panel is a region named by its title', () => {
    render(
      <>
        <Card as="article" aria-label="A card">
          body
        </Card>
        <Panel title="Details">content</Panel>
      </>,
    );

    screen.getByRole('article', { name: 'A card' });
    expect(screen.getByRole('region', { name: 'Details' }).textContent).toContain('content');
    screen.getByRole('heading', { level: 2, name: 'Details' });
  });
});

describe('Modal', () => {
  const Harness = () => {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Open
        </button>
        {open && (
          <Modal title="Edit Movie" onClose={() => setOpen(false)}>
            <input aria-label="Title" />
          </Modal>
        )}
      </>
    );
  };

  it('opens as a modal dialog (which makes the page behind inert and keeps focus inside) and takes focus', () => {
    const showModal = jest.spyOn(HTMLDialogElement.prototype, 'showModal');
    const show = jest.spyOn(HTMLDialogElement.prototype, 'show');
    render(<Harness />);

    fireEvent.click(screen.getByRole('button', { name: 'Open' }));

    const dialog = screen.getByRole('dialog', { name: 'Edit Movie' });
    expect(showModal).toHaveBeenCalledTimes(1);
    expect(show).not.toHaveBeenCalled();
    expect((dialog as HTMLDialogElement).open).toBe(true);
    expect(dialog.contains(document.activeElement)).toBe(true);
    showModal.mockRestore();
    show.mockRestore();
  });

  it('closes on Escape and gives focus back to what opened it', () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    fireEvent.click(opener);
    screen.getByRole('dialog');

    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes from its close button and from a click on the backdrop, not from a click inside', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));

    fireEvent.mouseDown(screen.getByLabelText('Title'));
    screen.getByRole('dialog');
    fireEvent.mouseDown(screen.getByRole('dialog'));
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent.click(screen.getByRole('button', { name: uiStrings.close }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('ToastRegion', () => {
  it('shows its messages inside an open modal (the page behind is inert) and back on the page when it closes', () => {
    const toasts = [{ id: 1, tone: 'error' as const, message: 'Failed to add movie' }];
    const Page = ({ modal }: { modal: boolean }) => (
      <>
        {modal && (
          <Modal title="Add Movie" onClose={() => undefined}>
            form
          </Modal>
        )}
        <ToastRegion toasts={toasts} onDismiss={() => undefined} />
      </>
    );
    const { rerender } = render(<Page modal />);

    expect(screen.getByRole('dialog').contains(screen.getByRole('alert'))).toBe(true);
    expect(screen.getByRole('alert').textContent).toContain('Failed to add movie');

    rerender(<Page modal={false} />);

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('Failed to add movie');
  });
});

function describedBy(element: HTMLElement): string[] {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? `missing #${id}`);
}

function classesOf(name: string): string[] {
  return screen.getByRole('button', { name }).className.split(' ');
}
