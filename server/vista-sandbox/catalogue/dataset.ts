/**
 * The São Paulo data set the sandbox catalogue is built from
 * (`dataset/sao-paulo-properties-april-2019.csv`): reading it into typed
 * rows.
 */
import { fileURLToPath } from "node:url";

/** Absolute path of the data set in this repository. */
export const DATASET_PATH = fileURLToPath(new URL("../dataset/sao-paulo-properties-april-2019.csv", import.meta.url));

/** One CSV row, typed. Money in BRL, size in m². */
export interface DatasetRow {
  /** Sale price (sale rows) or monthly rent (rent rows); 0 in 5 rows. */
  price: number;
  /** Monthly condominium fee; 0 = unknown. */
  condo: number;
  /** m². */
  size: number;
  rooms: number;
  toilets: number;
  suites: number;
  parking: number;
  elevator: boolean;
  furnished: boolean;
  pool: boolean;
  isNew: boolean;
  /** "Bairro/Cidade", e.g. "Artur Alvim/São Paulo". */
  district: string;
  negotiation: "rent" | "sale";
  propertyType: string;
  /** Raw, broken coordinate text (see coordinates.ts). */
  latitude: string;
  longitude: string;
}

const HEADER =
  "Price,Condo,Size,Rooms,Toilets,Suites,Parking,Elevator,Furnished,Swimming Pool,New,District,Negotiation Type,Property Type,Latitude,Longitude";

/**
 * Parses the data set (no quoting in this file; every row has 16 cells).
 * @throws {Error} on an unexpected header or a malformed row (names the line).
 */
export function parseDataset(text: string): DatasetRow[] {
  const lines = text.split(/\r?\n/);
  if (lines[0]?.trim() !== HEADER) throw new Error("Unexpected data set header");
  const rows: DatasetRow[] = [];
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i];
    if (!line) continue;
    const cells = line.split(",");
    if (cells.length !== 16) throw new Error(`Malformed data set line ${i + 1}: ${cells.length} cells`);
    const negotiation = cells[12];
    if (negotiation !== "rent" && negotiation !== "sale") throw new Error(`Bad negotiation type on line ${i + 1}`);
    for (let c = 0; c <= 6; c++) {
      if (!/^\d+(\.\d+)?$/.test(cells[c] as string))
        throw new Error(`Malformed number on data set line ${i + 1}, column ${c + 1}`);
    }
    rows.push({
      price: Number(cells[0]),
      condo: Number(cells[1]),
      size: Number(cells[2]),
      rooms: Number(cells[3]),
      toilets: Number(cells[4]),
      suites: Number(cells[5]),
      parking: Number(cells[6]),
      elevator: cells[7] === "1",
      furnished: cells[8] === "1",
      pool: cells[9] === "1",
      isNew: cells[10] === "1",
      district: cells[11] as string,
      negotiation,
      propertyType: cells[13] as string,
      latitude: cells[14] as string,
      longitude: cells[15] as string,
    });
  }
  return rows;
}

/** The neighbourhood of a row ("Artur Alvim" of "Artur Alvim/São Paulo"). */
export function neighbourhoodOf(row: DatasetRow): string {
  return row.district.split("/")[0]?.trim() ?? "";
}

/** The city of a row, "São Paulo" when the district names none. */
export function cityOf(row: DatasetRow): string {
  return row.district.split("/")[1]?.trim() || "São Paulo";
}
