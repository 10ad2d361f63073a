import { Group, Input, Select } from "@mantine/core";
import { MONTHS, yearRange } from "../../shared/calendar.ts";
import { texts } from "../../shared/texts.ts";

const monthOptions = MONTHS.map((name, i) => ({ value: String(i + 1), label: name }));
const dayOptions = Array.from({ length: 31 }, (_, i) => String(i + 1));

interface Props {
  years: { first: number; last: number };
  month: string;
  day: string;
  year: string;
  error?: React.ReactNode;
  onChange: (part: "month" | "day" | "year", value: string) => void;
  /** Leaving the year, the last part, is when a missing part is worth pointing out. */
  onYearBlur?: () => void;
}

/** Birth month, day and year as three selects with one error line under them. */
export function BirthDateSelects({ years, month, day, year, error, onChange, onYearBlur }: Props) {
  const yearOptions = yearRange(years.first, years.last).map(String);
  return (
    <Input.Wrapper label={texts.birthDate} required error={error}>
      <Group grow gap="xs" mt={4}>
        <Select
          aria-label={texts.month}
          placeholder={texts.month}
          data={monthOptions}
          value={month || null}
          onChange={(v) => onChange("month", v ?? "")}
          error={!!error}
          allowDeselect={false}
        />
        <Select
          aria-label={texts.day}
          placeholder={texts.day}
          data={dayOptions}
          value={day || null}
          onChange={(v) => onChange("day", v ?? "")}
          error={!!error}
          allowDeselect={false}
        />
        <Select
          aria-label={texts.year}
          placeholder={texts.year}
          data={yearOptions}
          value={year || null}
          onChange={(v) => onChange("year", v ?? "")}
          onBlur={onYearBlur}
          error={!!error}
          searchable
          allowDeselect={false}
        />
      </Group>
    </Input.Wrapper>
  );
}
