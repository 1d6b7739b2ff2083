/**
 * The fields of `/admin/aparencia` that the form kit's single-control fields
 * cannot draw: a brand colour (a swatch picker beside its hex text box, with
 * its WCAG contrast warnings), the preview of the three colours, and a logo
 * (a site path, or an uploaded image — JPEG, PNG or WebP up to 10 MB, ADR 0019).
 */
import { type FieldMetadata, getInputProps } from "@conform-to/react";
import type { CSSProperties } from "react";
import { ErrorList } from "./forms";
import { Field } from "./conform-fields";
import { readableTextOn } from "~/lib/appearance";
import * as s from "./admin.css";

/** Props of {@link ColorField}. */
export interface ColorFieldProps {
  /** The Conform field of the hex text (`primary`, `secondary` or `light`). */
  field: FieldMetadata<string>;
  label: string;
  hint: string;
  /** The colour shown by the swatch: the typed one when valid, else the saved one (`#rrggbb`). */
  color: string;
  /** Contrast warnings of this colour (they do not block saving). */
  warnings: readonly string[];
  /** Called with the `#rrggbb` picked in the swatch. */
  onPick: (color: string) => void;
}

/** A brand colour: label, swatch and hex text box, hint, first error, then its contrast warnings. */
export function ColorField({ field, label, hint, color, warnings, onPick }: ColorFieldProps) {
  return (
    <div className={s.field}>
      <label htmlFor={field.id} className={s.label}>
        {label}
      </label>
      <div className={s.colorRow}>
        <input
          type="color"
          className={s.swatch}
          value={color}
          aria-label={`Escolher ${label.toLowerCase()}`}
          onChange={(event) => onPick(event.currentTarget.value)}
        />
        <input
          {...getInputProps(field, { type: "text" })}
          key={field.key}
          className={s.colorInput}
          autoComplete="off"
          spellCheck={false}
          placeholder="#000000"
        />
      </div>
      <p className={s.hint}>{hint}</p>
      <ErrorList id={field.errorId} errors={field.errors} />
      {warnings.map((warning) => (
        <p key={warning} className={s.warning} role="status">
          {warning}
        </p>
      ))}
    </div>
  );
}

/** An inline style that sets vanilla-extract variables (`var(--name)` → `--name: value`). */
function inlineVars(entries: [cssVar: string, value: string][]): CSSProperties {
  return Object.fromEntries(entries.map(([cssVar, value]) => [cssVar.replace(/^var\((--[^,)]+).*$/, "$1"), value]));
}

/** The preview of the colours: a header bar (primary), a button (secondary) and text on the light colour. */
export function ColorPreview({
  title,
  colors,
}: {
  title: string;
  colors: { primary: string; secondary: string; light: string };
}) {
  const v = s.previewColors;
  const style = inlineVars([
    [v.light, colors.light],
    [v.primary, colors.primary],
    [v.onPrimary, readableTextOn(colors.primary)],
    [v.secondary, colors.secondary],
    [v.onSecondary, readableTextOn(colors.secondary)],
  ]);
  return (
    <div className={s.preview} style={style} aria-label="Prévia das cores">
      <div className={s.previewBar}>{title}</div>
      <span>
        <span className={s.previewButton}>Quero vender meu imóvel</span>
      </span>
      <span className={s.previewText}>Texto sobre a cor clara.</span>
    </div>
  );
}

/** Props of {@link LogoField}. */
export interface LogoFieldProps {
  /** The Conform field of the site path (`logoSquare` or `logoHorizontal`). */
  field: FieldMetadata<string>;
  label: string;
  hint: string;
  placeholder: string;
  /** Name of the file input (`logoSquareFile`, `logoHorizontalFile`). */
  fileName: string;
  /** Accessible name of the file input ("Enviar logotipo quadrado"). */
  fileLabel: string;
}

/** A logo: its site path (with hint and first error) or an image to upload instead. */
export function LogoField({ field, label, hint, placeholder, fileName, fileLabel }: LogoFieldProps) {
  return (
    <div className={s.field}>
      <Field label={label} field={field} hint={hint} inputProps={{ className: s.control, placeholder }} />
      <label className={s.hint}>
        Ou envie uma imagem (JPEG, PNG ou WebP, até 10 MB):{" "}
        <input type="file" name={fileName} accept="image/jpeg,image/png,image/webp" aria-label={fileLabel} />
      </label>
    </div>
  );
}
