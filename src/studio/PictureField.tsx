// A picture field (x-reference "picture"): every picture under public/ to choose from (asked for again
// as the list opens, so a file just copied there is offered), and what is wrong with a typed path,
// said as validate says it.
import { Autocomplete } from '@mantine/core';
import { picturePathProblem } from '../../schemas/primitives';
import { type FieldProps, inputProps, useForm } from './SchemaForm';

export function PictureField(props: FieldProps) {
  const { path, value, required } = props;
  const { change, options, problems, refreshOptions } = useForm();
  const text = typeof value === 'string' ? value : '';
  const common = inputProps(props, problems);
  // Validate's word once it has checked; until then the same words from here, as the author types.
  const local = text === '' ? undefined : picturePathProblem(text);
  return (
    <Autocomplete
      {...common}
      error={common.error ?? (local && `"${text}" ${local}`)}
      withAsterisk={required}
      value={text}
      onChange={(next) => change(path, next === '' && !required ? undefined : next, true)}
      onDropdownOpen={refreshOptions}
      data={options.picture}
      limit={Infinity}
      maxDropdownHeight={320}
    />
  );
}
