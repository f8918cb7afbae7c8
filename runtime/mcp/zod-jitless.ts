/**
 * DESIGN invariant 4: no code generation at run time. Zod compiles object parsers with `new Function` wherever the
 * runtime allows it (Node), and decides per schema when the schema is built, so this runs before any schema exists:
 * it is the first import of each module that loads zod or the MCP SDK.
 */
import { config } from "zod";

config({ jitless: true });
