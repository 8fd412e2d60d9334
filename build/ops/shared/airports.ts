// What the two airport operations (tourism/airport/forBar and forCircle) offer alike.

/** The years of the airport flows. */
export const AIRPORT_YEARS = [2014, 2015, 2016, 2017, 2018, 2019];
