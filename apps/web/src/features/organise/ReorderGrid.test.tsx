// The reorder grid by keyboard (issue 10; ADR 124): Space/Enter picks up, arrows move, Enter
// drops and sends one move; Escape sends nothing; a refused move puts the order back with the
// error shown.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { renderSaving } from '../../test/render.tsx';
import { ReorderGrid } from './ReorderGrid.tsx';

interface Item {
  id: string;
  name: string;
}

const items: Item[] = [
  { id: 'a', name: 'Alpha' },
  { id: 'b', name: 'Bravo' },
  { id: 'c', name: 'Charlie' },
];

function renderGrid(onMove: (id: string, afterId: string | null) => Promise<void>) {
  renderSaving(
    <ReorderGrid
      items={items}
      idOf={(item) => item.id}
      nameOf={(item) => item.name}
      label="Boards in order"
      onMove={onMove}
      render={(item) => <span>{item.name}</span>}
    />,
  );
  const list = screen.getByRole('list', { name: 'Boards in order' });
  const names = () =>
    within(list)
      .getAllByRole('button')
      .map((button) => button.getAttribute('aria-label'));
  const handle = (name: string) => within(list).getByRole('button', { name: `Move ${name}` });
  return { names, handle };
}

describe('ReorderGrid', () => {
  test('moves an item by keyboard, keeps its focus, announces each step and sends one move', async () => {
    const onMove = vi.fn(() => Promise.resolve());
    const { names, handle } = renderGrid(onMove);
    handle('Charlie').focus();
    fireEvent.keyDown(handle('Charlie'), { key: ' ' });
    expect(handle('Charlie')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Picked up Charlie. Position 3 of 3.')).toBeInTheDocument();
    fireEvent.keyDown(handle('Charlie'), { key: 'ArrowLeft' });
    expect(names()).toEqual(['Move Alpha', 'Move Charlie', 'Move Bravo']);
    expect(screen.getByText('Charlie: position 2 of 3.')).toBeInTheDocument();
    expect(handle('Charlie')).toHaveFocus();
    expect(onMove).not.toHaveBeenCalled();
    fireEvent.keyDown(handle('Charlie'), { key: 'Enter' });
    expect(onMove).toHaveBeenCalledExactlyOnceWith('c', 'a');
    expect(screen.getByText('Dropped Charlie at position 2 of 3.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('list')).toHaveAttribute('aria-busy', 'false'));
    expect(names()).toEqual(['Move Alpha', 'Move Charlie', 'Move Bravo']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('Escape puts the item back and sends nothing', () => {
    const onMove = vi.fn(() => Promise.resolve());
    const { names, handle } = renderGrid(onMove);
    handle('Alpha').focus();
    fireEvent.keyDown(handle('Alpha'), { key: 'Enter' });
    fireEvent.keyDown(handle('Alpha'), { key: 'End' });
    expect(names()).toEqual(['Move Bravo', 'Move Charlie', 'Move Alpha']);
    fireEvent.keyDown(handle('Alpha'), { key: 'Escape' });
    expect(names()).toEqual(['Move Alpha', 'Move Bravo', 'Move Charlie']);
    expect(screen.getByText('Cancelled. Alpha is back at position 1 of 3.')).toBeInTheDocument();
    expect(onMove).not.toHaveBeenCalled();
  });

  test('a refused move puts the order back and shows the error', async () => {
    const onMove = vi.fn(() => Promise.reject(new Error('offline')));
    const { names, handle } = renderGrid(onMove);
    handle('Alpha').focus();
    fireEvent.keyDown(handle('Alpha'), { key: ' ' });
    fireEvent.keyDown(handle('Alpha'), { key: 'ArrowDown' });
    fireEvent.keyDown(handle('Alpha'), { key: ' ' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Couldn't save the new order, so it's back as it was.",
    );
    expect(names()).toEqual(['Move Alpha', 'Move Bravo', 'Move Charlie']);
  });

  test('a pointer drag over another item and a drop sends one move; a drag ended elsewhere puts it back', async () => {
    const onMove = vi.fn(() => Promise.resolve());
    const { names, handle } = renderGrid(onMove);
    const item = (name: string) => handle(name).closest('li') as HTMLLIElement;
    const dataTransfer = { setData: () => undefined, effectAllowed: '', dropEffect: '' };
    fireEvent.dragStart(item('Alpha'), { dataTransfer });
    fireEvent.dragOver(item('Charlie'), { dataTransfer });
    expect(names()).toEqual(['Move Bravo', 'Move Charlie', 'Move Alpha']);
    fireEvent.dragEnd(item('Alpha'), { dataTransfer });
    expect(names()).toEqual(['Move Alpha', 'Move Bravo', 'Move Charlie']);
    expect(onMove).not.toHaveBeenCalled();

    fireEvent.dragStart(item('Charlie'), { dataTransfer });
    fireEvent.dragOver(item('Bravo'), { dataTransfer });
    fireEvent.drop(item('Charlie'), { dataTransfer });
    fireEvent.dragEnd(item('Charlie'), { dataTransfer });
    expect(onMove).toHaveBeenCalledExactlyOnceWith('c', 'a');
    await waitFor(() => expect(screen.getByRole('list')).toHaveAttribute('aria-busy', 'false'));
    expect(names()).toEqual(['Move Alpha', 'Move Charlie', 'Move Bravo']);
  });
});
