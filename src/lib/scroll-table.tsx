// A table that, on a narrow screen (a 360 px phone), scrolls sideways inside its card instead of
// widening the page (spec §9; issue 24). The scroll box is focusable so a keyboard user can scroll
// it too; it carries no name of its own, so the table stays the one thing called by its label.
import { Box, Table, type TableProps } from '@mui/material';

export function ScrollTable(props: TableProps) {
  return (
    // min-width 0 lets a grid or flex parent shrink the box below the table's own width.
    <Box tabIndex={0} data-scroll-container="table" sx={{ overflowX: 'auto', maxWidth: '100%', minWidth: 0 }}>
      <Table {...props} />
    </Box>
  );
}
