import type { Vec3 } from "@atrium/domain";

/** A camera pose in document units: position in metres, rotation as XYZ Euler radians. */
export interface CameraPose {
  position: Vec3;
  rotation: Vec3;
  /** Which way the camera looks on the ground, in radians about y (for starting points). */
  yaw?: number;
}

/**
 * What the panels may ask of the 3D view (session, never document): where the camera is, and
 * to move it. The viewport registers itself while it is shown; without it the answers are null.
 */
export class ViewBridge {
  private viewport: { getPose(): CameraPose; flyTo(pose: CameraPose): void } | null = null;

  register(viewport: { getPose(): CameraPose; flyTo(pose: CameraPose): void }) {
    this.viewport = viewport;
    return () => {
      if (this.viewport === viewport) this.viewport = null;
    };
  }

  getPose(): CameraPose | null {
    return this.viewport?.getPose() ?? null;
  }

  flyTo(pose: CameraPose) {
    this.viewport?.flyTo(pose);
  }

  get available() {
    return this.viewport !== null;
  }
}
