import { describe } from "vitest";
import { itGivesNull, itMaps } from "../../tests/mocks/unit-cases";
import { normalizePhone } from "./phone-e164";

describe("normalizePhone (E.164)", () => {
  itMaps("normalises to E.164", normalizePhone, [
    ["(11) 91234-5678", "+5511912345678"],
    ["11 3456-7890", "+551134567890"],
    ["5511912345678", "+5511912345678"],
    ["+55 11 91234-5678", "+5511912345678"],
    ["+351 912 345 678", "+351912345678"],
    ["", ""],
    ["  ", ""],
  ]);

  itGivesNull("refuses", normalizePhone, ["abc", "1234", "+123", "11 91234-5678 ramal 2"]);
});
