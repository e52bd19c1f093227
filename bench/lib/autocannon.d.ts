// autocannon ships no types; the benches use its documented result fields.
declare module 'autocannon';
