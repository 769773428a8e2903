// Spec §5 plate 20 vs 21 (车牌号不能超过20位), card number 20 vs 21 (卡号不能超过20位), questionnaire
// satisfaction (请选择满意度) and comment 255 vs 256, plus phone, ID card, email and password formats.
import { lengthAndFormatCases } from "./cases/lengths-and-formats.ts";
import { proveRules } from "./support/prove-rules.ts";

proveRules(lengthAndFormatCases);
