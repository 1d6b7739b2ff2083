/**
 * Housing-loan amortisation (SAC and Price), pure and shared by the server
 * and the browser: the financing simulator of sale listings
 * (docs/decisions/0035-financing-simulator.md).
 *
 * Money is computed in whole cents (integers) so every figure is exact to
 * the cent and the same on both sides:
 *
 * - the monthly effective rate is the yearly effective rate compounded:
 *   `i = (1 + a)^(1/12) − 1` (a = 12 % a.a. → i ≈ 0,9489 % a.m.), the
 *   convention of Brazilian housing credit, where banks quote the "taxa
 *   efetiva anual";
 * - each month's interest is `balance × i`, rounded half up to the cent;
 * - SAC (Sistema de Amortização Constante): the amortisation is
 *   `financed ÷ n` rounded to the cent, the last month amortises whatever
 *   is left; the instalment is amortisation + interest, so it falls month
 *   after month;
 * - Price (Tabela Price, French system): the instalment is
 *   `financed × i ÷ (1 − (1 + i)^−n)` (`financed ÷ n` at 0 %) rounded to the
 *   cent; the last instalment is what is left plus its interest, so it may
 *   differ from the others by a few cents.
 *
 * An estimate: insurance (MIP, DFI), the monthly administration fee, TR
 * correction, appraisal and registry costs are left out.
 */

/** The share (0–1) of the gross monthly income an instalment may take: the banks' usual 30 % rule for housing credit. */
export const MAX_INCOME_COMMITMENT = 0.3;
/** The usual minimum down payment (0–1) of SFH/SFI loans: banks finance up to 80 % of the price. */
export const MIN_DOWN_PAYMENT_SHARE = 0.2;
/** Shortest and longest term in months (420 = 35 years, the longest SFH term). */
export const MIN_TERM_MONTHS = 1;
export const MAX_TERM_MONTHS = 420;
/** Highest yearly effective rate (percent) the simulator accepts. */
export const MAX_YEARLY_RATE_PERCENT = 50;

/** The amortisation systems. */
export const AMORTISATION_SYSTEMS = ["sac", "price"] as const;
/** "sac" (constant amortisation) or "price" (constant instalment). */
export type AmortisationSystem = (typeof AMORTISATION_SYSTEMS)[number];

/** What a simulation takes; amounts in BRL. */
export interface FinancingInput {
  /** Property price (BRL, > 0). */
  price: number;
  /** Down payment (BRL, 0 … price). */
  downPayment: number;
  /** Term in months ({@link MIN_TERM_MONTHS}–{@link MAX_TERM_MONTHS}). */
  termMonths: number;
  /** Yearly effective interest rate in percent (10.99 for 10,99 % a.a.; ≥ 0). */
  yearlyRatePercent: number;
}

/** The figures of one amortisation system (BRL, exact to the cent). */
export interface AmortisationSummary {
  /** First monthly instalment (the highest in SAC). */
  firstInstalment: number;
  /** Last monthly instalment. */
  lastInstalment: number;
  /** Sum of every instalment. */
  totalPaid: number;
  /** Total paid minus the financed amount. */
  totalInterest: number;
  /**
   * Gross monthly income usually required: the highest instalment ÷
   * {@link MAX_INCOME_COMMITMENT}, rounded up to the cent.
   */
  requiredIncome: number;
}

/** A simulation: the input, the financed amount and both systems. */
export interface FinancingResult {
  price: number;
  downPayment: number;
  /** Price minus down payment (BRL). */
  financed: number;
  termMonths: number;
  yearlyRatePercent: number;
  /** Monthly effective rate as a fraction (0.0094887929 for 12 % a.a.). */
  monthlyRate: number;
  /** The figures of each system. */
  systems: Record<AmortisationSystem, AmortisationSummary>;
}

/**
 * The monthly effective rate (fraction) equivalent to a yearly effective
 * rate in percent: `(1 + a/100)^(1/12) − 1` (compound, not a/12).
 */
export function monthlyRateFromYearly(yearlyRatePercent: number): number {
  return Math.pow(1 + yearlyRatePercent / 100, 1 / 12) - 1;
}

/** Whole cents of a BRL amount (half up). */
function toCents(value: number): number {
  return Math.round(value * 100);
}

/** Interest in cents on a balance in cents, rounded half up; the epsilon absorbs binary noise (x.5 cents stays up). */
function interestCents(balanceCents: number, monthlyRate: number): number {
  return Math.round(balanceCents * monthlyRate + 1e-9);
}

function summary(first: number, last: number, total: number, financed: number): AmortisationSummary {
  const highest = Math.max(first, last);
  return {
    firstInstalment: first / 100,
    lastInstalment: last / 100,
    totalPaid: total / 100,
    totalInterest: (total - financed) / 100,
    requiredIncome: highest === 0 ? 0 : Math.ceil(highest / MAX_INCOME_COMMITMENT - 1e-9) / 100,
  };
}

/**
 * The summary of repaying `financedCents` over `termMonths` months, both
 * systems alike: each month's interest is on the balance before it, the
 * month's instalment (cents, interest included) is `payment(balance,
 * interest, lastMonth)`, and the balance falls by what it pays beyond the interest.
 */
function amortise(
  financedCents: number,
  monthlyRate: number,
  termMonths: number,
  payment: (balanceCents: number, interestCents: number, lastMonth: boolean) => number,
): AmortisationSummary {
  let balance = financedCents;
  let first = 0;
  let last = 0;
  let total = 0;
  for (let month = 1; month <= termMonths; month++) {
    const interest = interestCents(balance, monthlyRate);
    const paid = payment(balance, interest, month === termMonths);
    balance -= paid - interest;
    if (month === 1) first = paid;
    last = paid;
    total += paid;
  }
  return summary(first, last, total, financedCents);
}

/**
 * SAC figures of a loan.
 * @param financed amount financed (BRL, ≥ 0).
 * @param monthlyRate monthly effective rate (fraction, ≥ 0).
 * @param termMonths number of instalments (integer ≥ 1).
 */
export function sacSummary(financed: number, monthlyRate: number, termMonths: number): AmortisationSummary {
  const financedCents = toCents(financed);
  const amortisation = Math.round(financedCents / termMonths);
  return amortise(financedCents, monthlyRate, termMonths, (balance, interest, lastMonth) => {
    const amortised = lastMonth ? balance : Math.min(amortisation, balance);
    return amortised + interest;
  });
}

/**
 * Price (French system) figures of a loan.
 * @param financed amount financed (BRL, ≥ 0).
 * @param monthlyRate monthly effective rate (fraction, ≥ 0).
 * @param termMonths number of instalments (integer ≥ 1).
 */
export function priceSummary(financed: number, monthlyRate: number, termMonths: number): AmortisationSummary {
  const financedCents = toCents(financed);
  const instalment =
    monthlyRate === 0
      ? Math.round(financedCents / termMonths)
      : Math.round((financedCents * monthlyRate) / (1 - Math.pow(1 + monthlyRate, -termMonths)));
  return amortise(financedCents, monthlyRate, termMonths, (balance, interest, lastMonth) =>
    lastMonth ? balance + interest : Math.min(instalment, balance + interest),
  );
}

/**
 * Simulates a loan with both systems.
 * @throws RangeError when the input is outside the documented ranges (the
 *   form layer, `./financing-simulation`, validates first and never lets that happen).
 */
export function simulateFinancing(input: FinancingInput): FinancingResult {
  const { price, downPayment, termMonths, yearlyRatePercent } = input;
  if (!(price > 0) || !Number.isFinite(price)) throw new RangeError("price must be positive");
  if (!(downPayment >= 0 && downPayment <= price)) throw new RangeError("down payment must be within 0…price");
  if (!Number.isInteger(termMonths) || termMonths < MIN_TERM_MONTHS || termMonths > MAX_TERM_MONTHS)
    throw new RangeError("term out of range");
  if (!(yearlyRatePercent >= 0 && yearlyRatePercent <= MAX_YEARLY_RATE_PERCENT))
    throw new RangeError("rate out of range");
  const financed = (toCents(price) - toCents(downPayment)) / 100;
  const monthlyRate = monthlyRateFromYearly(yearlyRatePercent);
  return {
    price,
    downPayment,
    financed,
    termMonths,
    yearlyRatePercent,
    monthlyRate,
    systems: {
      sac: sacSummary(financed, monthlyRate, termMonths),
      price: priceSummary(financed, monthlyRate, termMonths),
    },
  };
}
