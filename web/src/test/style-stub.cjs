// CSS imports are irrelevant in jsdom; every stylesheet resolves to an empty module.
module.exports = {};
