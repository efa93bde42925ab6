import { useEffect, useRef, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import { GEOCODING_LIMITS, geocodeLabel, type TGeocodeResult } from '@hirecast/domain/geocoding';
import type { TJobLocation } from '@hirecast/domain/job';
import { jobMessages } from '@hirecast/domain/job-messages';
import { useGeocode } from '../../api/geocode.ts';

type TProps = {
  value: TJobLocation | null;
  onChange: (location: TJobLocation) => void;
  disabled?: boolean;
  label?: string;
  required?: boolean;
};

export const locationLabel = (location: TJobLocation | null | undefined) =>
  location?.country
    ? geocodeLabel({ city: location.city, county: location.county, country: location.country })
    : '';

const toJobLocation = (result: TGeocodeResult): TJobLocation => ({
  ...(result.city ? { city: result.city } : {}),
  ...(result.county ? { county: result.county } : {}),
  country: result.country,
  lat: result.lat,
  lon: result.lon,
});

function useDebounced<T>(value: T, ms: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

// spec 1 §5 Location autocomplete: at least 3 characters, 700 ms debounce, 10 suggestions (GB first on the
// server), only places with a city, town, village or county. Emptying the field keeps the last valid place.
export function LocationAutocomplete({ value, onChange, disabled, label = 'Location', required }: TProps) {
  const [input, setInput] = useState(() => locationLabel(value));
  const [open, setOpen] = useState(false);
  // Text typed and left without choosing a suggestion, while there is no earlier place to fall back on.
  const [notChosen, setNotChosen] = useState(false);
  // The place to show on blur: a pick is newer than the `value` prop of this render.
  const shown = useRef(value);
  useEffect(() => {
    shown.current = value;
  }, [value]);
  const text = input.trim();
  // The label of the stored place is not a search: nothing is looked up until the person types.
  const searchText = text === locationLabel(value) ? '' : text;
  const query = useDebounced(searchText, GEOCODING_LIMITS.debounceMs);
  const typing = searchText !== query;
  const tooShort = text.length < GEOCODING_LIMITS.minChars;
  const geocode = useGeocode(tooShort ? '' : query);
  const options = typing || tooShort ? [] : (geocode.data ?? []).filter((r) => Boolean(r.city ?? r.county));
  const cleared = input === '' && Boolean(value?.country);
  const loading = !tooShort && searchText !== '' && (typing || geocode.isFetching);

  return (
    <Autocomplete<TGeocodeResult, false, false, false>
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      filterOptions={(list) => list}
      getOptionLabel={(o) => o.label}
      isOptionEqualToValue={(a, b) => a.label === b.label}
      getOptionKey={(o) => `${o.label}-${o.lat}-${o.lon}`}
      value={null}
      inputValue={input}
      onInputChange={(_, next, reason) => {
        if (reason === 'reset') return;
        setInput(next);
        setNotChosen(false);
      }}
      onChange={(_, picked) => {
        if (!picked) return;
        const next = toJobLocation(picked);
        shown.current = next;
        onChange(next);
        setInput(locationLabel(next));
      }}
      onBlur={() => {
        // spec 1 §5: the last valid location stays; show it again once the person leaves the field. Typed
        // text that was not chosen is never taken as a place ("Manc" is not Manchester).
        const last = locationLabel(shown.current);
        setNotChosen(last === '' && input.trim() !== '');
        setInput(last);
      }}
      loading={loading}
      loadingText={jobMessages.locationLoading}
      noOptionsText={tooShort ? jobMessages.locationMinChars : jobMessages.locationNoOptions}
      disabled={disabled}
      blurOnSelect
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          placeholder="Start typing a city, town or county"
          error={notChosen}
          helperText={
            notChosen ? jobMessages.locationNotChosen : cleared ? jobMessages.locationCleared : undefined
          }
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              startAdornment: <PlaceOutlined fontSize="small" sx={{ color: 'text.secondary', mr: 0.5 }} />,
            },
          }}
        />
      )}
    />
  );
}
