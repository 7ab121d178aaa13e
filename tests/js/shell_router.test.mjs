// The shell's hash router (web/shell/router.js): a hash read into its parts, and parts written as a hash.
import assert from "node:assert/strict";
import { test } from "node:test";

import { hashOf, route } from "../../services/gateway/src/echo_gateway/web/shell/router.js";

test("the home page is no parts, with or without its hash", () => {
  for (const hash of ["", "#", "#/", undefined]) assert.deepEqual(route(hash), [], String(hash));
});

test("a screen and its arguments are the hash's parts", () => {
  assert.deepEqual(route("#/rules"), ["rules"]);
  assert.deepEqual(route("#/m/g-1a2b"), ["m", "g-1a2b"]);
  assert.deepEqual(route("#/r/g-1/7"), ["r", "g-1", "7"]);
  assert.deepEqual(route("#/chart/gold/2026-12-01"), ["chart", "gold", "2026-12-01"]);
});

test("each part is decoded, and one that cannot be stays as typed", () => {
  assert.deepEqual(route("#/confirm/a%2Bb%3D%3D"), ["confirm", "a+b=="]);
  assert.deepEqual(route("#/join/%E0%A4%A"), ["join", "%E0%A4%A"]);
});

test("parts written as a hash read back as the same parts", () => {
  const parts = ["room", "g-1.secret", "a b/c?"];
  assert.equal(hashOf(...parts), "#/room/g-1.secret/a%20b%2Fc%3F");
  assert.deepEqual(route(hashOf(...parts)), parts);
  assert.equal(hashOf(), "#/");
});
