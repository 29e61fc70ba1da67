import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createFakeHost } from 'shared-contracts/testing';
import { renderWithHost } from '../../testing/render';
import { SaveBar } from './save-bar';

const LONG_NAME = 'Quarterly reports and family holiday photographs archive 2025';

function setup(showSelector: boolean) {
  const onChooseFolder = jest.fn();
  renderWithHost(
    createFakeHost().host,
    <SaveBar
      showSelector={showSelector}
      folderName={LONG_NAME}
      onChooseFolder={onChooseFolder}
      saveButton={<button type="button">Save to cloud</button>}
    />,
  );
  return { onChooseFolder };
}

describe('SaveBar', () => {
  it("names the 'Save to' chip with the folder's full name, shown and in its tooltip", async () => {
    const { onChooseFolder } = setup(true);
    const chip = screen.getByRole('button', { name: `Save to ${LONG_NAME}` });
    // The visible text truncates on a narrow bar: the tooltip keeps the whole name readable.
    expect(chip).toHaveAttribute('title', `Save to ${LONG_NAME}`);
    expect(chip).toHaveTextContent(`Save to${LONG_NAME}`);
    await userEvent.click(chip);
    expect(onChooseFolder).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Save to cloud' })).toBeInTheDocument();
  });

  it('shows only the save button when there is no selector', () => {
    setup(false);
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Save to cloud',
    ]);
  });
});
