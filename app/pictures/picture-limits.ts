/**
 * How many pictures a visitor's message may carry, and how large each. Free of server code: the
 * widget's own small script checks a picture against them before sending it.
 */
export const MAX_IMAGES = 3;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
