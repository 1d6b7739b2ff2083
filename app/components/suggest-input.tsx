/**
 * A search field with suggestions as you type: the ARIA 1.2
 * combobox pattern (list autocomplete). The input has `role="combobox"`,
 * `aria-expanded`, `aria-controls` (the listbox) and `aria-activedescendant`
 * (the highlighted option); ↓/↑ move through the options, Enter on an option
 * goes to its URL, Enter without one submits the surrounding form (to
 * `/busca`), Escape closes the list (a second Escape clears the field).
 *
 * Suggestions come from `GET /busca/sugestoes?q=…` (debounced, the previous
 * request aborted), in the groups "Cidades", "Bairros" and "Condomínios" with
 * their number of listings. Without JavaScript it is a plain input of the GET
 * form it sits in.
 */
import type { Suggestion } from "~/domain/suggestion";
import { useNavigate } from "@remix-run/react";
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { formatCount } from "~/lib/format";
import { visuallyHidden } from "~/styles/ui.css";
import * as s from "./suggest-input.css";
import { SUGGESTIONS_PATH } from "~/lib/paths";

/** Wait after the last keystroke before asking (ms). */
const DEBOUNCE_MS = 150;
/** Shortest text that is sent (characters), as the resource requires. */
const MIN_LENGTH = 2;
/** Longest text accepted by the field (characters). */
const MAX_LENGTH = 80;

const GROUPS: { kind: Suggestion["kind"]; label: string }[] = [
  { kind: "cidade", label: "Cidades" },
  { kind: "bairro", label: "Bairros" },
  { kind: "condominio", label: "Condomínios" },
];

/** Props of {@link SuggestInput}. */
export interface SuggestInputProps {
  /** Field name in the form (default "q"). */
  name?: string;
  /** Element id (default: generated). A `<label htmlFor>` may point to it. */
  id?: string;
  /** Accessible name when there is no visible `<label>`. */
  ariaLabel?: string;
  defaultValue?: string;
  placeholder?: string;
  /** Class of the input (its look comes from the host form). */
  inputClassName?: string;
  /** Class of the wrapper. */
  className?: string;
}

/** Text of one option's count, e.g. "1.234 imóveis". */
function countText(count: number): string {
  return `${formatCount(count)} ${count === 1 ? "imóvel" : "imóveis"}`;
}

/** The combobox (see the module comment). */
export function SuggestInput({
  name = "q",
  id,
  ariaLabel,
  defaultValue = "",
  placeholder,
  inputClassName,
  className,
}: SuggestInputProps) {
  const generated = useId();
  const inputId = id ?? `${generated}-input`;
  const listboxId = `${generated}-listbox`;
  const navigate = useNavigate();
  const [value, setValue] = useState(defaultValue);
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  useEffect(() => setValue(defaultValue), [defaultValue]);

  const show = useCallback((items: Suggestion[]) => {
    setSuggestions(items);
    setActive(-1);
    setOpen(items.length > 0);
  }, []);

  const request = useSuggestionRequests(show);

  // Options in display order (grouped), so arrow keys follow what is seen.
  const ordered = GROUPS.flatMap((group) => suggestions.filter((sg) => sg.kind === group.kind));
  const optionId = (index: number) => `${generated}-option-${index}`;

  const choose = (suggestion: Suggestion) => {
    setOpen(false);
    setValue(suggestion.label);
    navigate(suggestion.url);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case "ArrowDown":
        if (!ordered.length) return;
        event.preventDefault();
        setOpen(true);
        setActive((current) => (current + 1) % ordered.length);
        return;
      case "ArrowUp":
        if (!ordered.length) return;
        event.preventDefault();
        setOpen(true);
        setActive((current) => (current <= 0 ? ordered.length - 1 : current - 1));
        return;
      case "Enter":
        if (open && active >= 0 && ordered[active]) {
          event.preventDefault();
          choose(ordered[active]);
        }
        // Otherwise the form submits (to /busca).
        return;
      case "Escape":
        if (open) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (value) {
          event.preventDefault();
          setValue("");
          show([]);
        }
        return;
      default:
    }
  };

  let index = -1;
  return (
    <div className={`${s.wrapper} ${className ?? ""}`}>
      <input
        id={inputId}
        className={inputClassName}
        type="search"
        name={name}
        value={value}
        placeholder={placeholder}
        aria-label={ariaLabel}
        maxLength={200}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        enterKeyHint="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listboxId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        onChange={(event) => {
          setValue(event.target.value);
          request(event.target.value);
        }}
        onFocus={() => {
          if (suggestions.length) setOpen(true);
        }}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <div id={listboxId} role="listbox" aria-label="Sugestões" className={s.listbox} hidden={!open}>
        {GROUPS.map((group) => {
          const items = ordered.filter((sg) => sg.kind === group.kind);
          if (!items.length) return null;
          const headingId = `${generated}-group-${group.kind}`;
          return (
            <div key={group.kind} role="group" aria-labelledby={headingId} className={s.group}>
              <div id={headingId} role="presentation" className={s.groupLabel}>
                {group.label}
              </div>
              {items.map((suggestion) => {
                index++;
                const current = index;
                return (
                  <div
                    key={`${suggestion.kind}-${suggestion.url}`}
                    id={optionId(current)}
                    role="option"
                    aria-selected={current === active}
                    className={s.option}
                    // Keep the focus in the input; the click chooses.
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => choose(suggestion)}
                    onMouseMove={() => setActive(current)}
                  >
                    <span className={s.optionText}>
                      <span className={s.optionLabel}>{suggestion.label}</span>
                      {suggestion.detail ? <span className={s.optionDetail}>{suggestion.detail}</span> : null}
                    </span>
                    <span className={s.optionCount}>{countText(suggestion.count)}</span>
                  </div>
                );
              })}
            </div>
          );
        })}
      </div>
      <span className={visuallyHidden} role="status" aria-live="polite">
        {open ? `${ordered.length} ${ordered.length === 1 ? "sugestão disponível" : "sugestões disponíveis"}` : ""}
      </span>
    </div>
  );
}

/**
 * Asks `/busca/sugestoes` for a text, {@link DEBOUNCE_MS} after the last call
 * (the previous request aborted; answers cached per text), and hands the
 * suggestions to `show`; a text shorter than {@link MIN_LENGTH} or longer than
 * {@link MAX_LENGTH} shows none at once.
 */
function useSuggestionRequests(show: (items: Suggestion[]) => void): (text: string) => void {
  const abortRef = useRef<AbortController | null>(null);
  const timerRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  const cacheRef = useRef(new Map<string, Suggestion[]>());
  useEffect(
    () => () => {
      abortRef.current?.abort();
      if (timerRef.current) clearTimeout(timerRef.current);
    },
    [],
  );

  return useCallback(
    (text: string) => {
      if (timerRef.current) clearTimeout(timerRef.current);
      abortRef.current?.abort();
      const query = text.trim();
      if (query.length < MIN_LENGTH || query.length > MAX_LENGTH) {
        show([]);
        return;
      }
      const cached = cacheRef.current.get(query.toLowerCase());
      if (cached) {
        show(cached);
        return;
      }
      timerRef.current = setTimeout(async () => {
        const controller = new AbortController();
        abortRef.current = controller;
        try {
          const response = await fetch(`${SUGGESTIONS_PATH}?q=${encodeURIComponent(query)}`, {
            signal: controller.signal,
            headers: { Accept: "application/json" },
          });
          if (!response.ok) return show([]);
          const body = (await response.json()) as { suggestions?: Suggestion[] };
          const items = Array.isArray(body.suggestions) ? body.suggestions : [];
          cacheRef.current.set(query.toLowerCase(), items);
          if (!controller.signal.aborted) show(items);
        } catch {
          // Aborted or offline: keep the field usable, without suggestions.
        }
      }, DEBOUNCE_MS);
    },
    [show],
  );
}
