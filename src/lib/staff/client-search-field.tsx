// Finding a client by what reception knows of them (name, phone, ABHA number): the field where it
// is typed and the matches the chart behind it found. The chart decides when to search (after a
// pause in the typing) and keeps the choice; this only shows them and says what was typed or picked.
import { Autocomplete, TextField } from '@mui/material';

export interface ClientSearchOption {
  id: number;
  label: string;
}

export function ClientSearchField(props: {
  label: string;
  noOptionsText: string;
  options: ClientSearchOption[];
  value: ClientSearchOption | null;
  searching: boolean;
  onSearch: (text: string) => void;
  onPick: (client: ClientSearchOption) => void;
  autoFocus?: boolean;
}) {
  return (
    <Autocomplete
      options={props.options}
      value={props.value}
      getOptionLabel={(o) => o.label}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      // The server matched them: the field shows its matches as they are.
      filterOptions={(x) => x}
      loading={props.searching}
      noOptionsText={props.noOptionsText}
      onInputChange={(_e, text, reason) => {
        if (reason === 'input') props.onSearch(text);
      }}
      onChange={(_e, client) => {
        if (client) props.onPick(client);
      }}
      renderInput={(params) => <TextField {...params} label={props.label} autoFocus={props.autoFocus} />}
    />
  );
}
