import { act, fireEvent, render, renderHook, screen, within } from '@testing-library/react';
import { DataTable } from './DataTable';
import { Form, FormActions } from './Form';
import { fieldErrors } from './form-check';
import { pageCount } from './Pager';
import { TextField } from './TextField';
import { useFormFields } from './useFormFields';
import { useListFilters } from './useListFilters';

describe('DataTable', () => {
  it('is a table named by its caption, in a focusable region, a row per item and a cell per column', () => {
    const rows = [
      { id: 'a', name: 'Asha', amount: 1200 },
      { id: 'b', name: 'Ravi', amount: 500 },
    ];
    render(
      <DataTable
        caption="Payments"
        label="Payments list"
        rows={rows}
        columns={[
          { header: 'Name', cell: (row) => row.name },
          { header: 'Amount', cell: (row) => `₹${row.amount}` },
        ]}
      />,
    );

    expect(screen.getByRole('region', { name: 'Payments list' }).tabIndex).toBe(0);
    const table = screen.getByRole('table', { name: 'Payments' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Amount']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(
      within(first)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Asha', '₹1200']);
    expect(
      within(second)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Ravi', '₹500']);
  });
});

describe('paged lists', () => {
  it('count at least one page', () => {
    expect(pageCount(0, 24)).toBe(1);
    expect(pageCount(24, 24)).toBe(1);
    expect(pageCount(25, 24)).toBe(2);
  });

  it('go back to the first page when a filter changes, and leave an empty search out', () => {
    const { result } = renderHook(() => useListFilters({ search: '', status: '' }));
    expect(result.current.search).toBeUndefined();

    act(() => result.current.setPage(3));
    act(() => result.current.change('status')('draft'));
    expect(result.current).toEqual(
      expect.objectContaining({ page: 1, filters: { search: '', status: 'draft' } }),
    );

    act(() => result.current.setPage(2));
    act(() => result.current.change('search')('  monsoon '));
    expect(result.current.page).toBe(1);
    expect(result.current.search).toBe('monsoon');
  });
});

describe('form fields', () => {
  const texts = { cancel: 'Cancel', save: 'Save', saving: 'Saving...' };
  const Harness = ({ onSend }: { onSend: (input: { title: string }) => void }) => {
    const { field, submit } = useFormFields({ title: '' }, { title: 'Title' });
    const check = ({ title }: { title: string }) =>
      title.trim() ? { input: { title: title.trim() } } : { errors: { title: 'Title is required' } };
    return (
      <Form onSubmit={submit(check, onSend)} noValidate>
        <TextField {...field('title')} />
        <FormActions saving={false} onCancel={() => undefined} texts={texts} />
      </Form>
    );
  };

  it('show what the check finds wrong, and send what it lets through', () => {
    const onSend = jest.fn();
    render(<Harness onSend={onSend} />);

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSend).not.toHaveBeenCalled();
    screen.getByText('Title is required');

    fireEvent.change(screen.getByLabelText('Title'), { target: { value: ' Rain ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSend).toHaveBeenCalledWith({ title: 'Rain' });
    expect(screen.queryByText('Title is required')).toBeNull();
  });

  it('put each schema issue on its field, the first one winning, and leave out the rest', () => {
    const issues = [{ path: ['title'] }, { path: ['title'] }, { path: ['other'] }, { path: [0] }];
    expect(fieldErrors(issues, { title: 'Title is required' })).toEqual({ title: 'Title is required' });
  });
});
