// A rectangle in diagram units (the state layout and its label placement share it).

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}
