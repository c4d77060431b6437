// The `stopwords-iso` package (MIT): one JSON object of stop word lists by ISO 639-1 code.
declare module 'stopwords-iso' {
  const lists: Record<string, string[]>;
  export default lists;
}
