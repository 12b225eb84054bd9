// Turntable sensor mount for the forest-table companion (Beware of the Wolf).
//
// Two printed parts:
//   cup     - holds the 6 x 2.5 mm diametric magnet, glued centred on the
//             underside of the turntable, magnet face down.
//   bridge  - screws to the underside of the game board across the turntable's
//             opening and holds the AS5600 board face up, the chip centred on the
//             turntable's axis, `gap` mm below the magnet.
//
// Measure your own board and breakout, set the parameters below, then export each
// part:  openscad -D 'part="cup"' -o cup.stl mount.scad   (and part="bridge").
// Print in PLA or PETG, 0.2 mm layers, no supports (the bridge prints on its side).
// No metal near the magnet: use nylon or brass screws within 10 mm of the sensor.

part = "all";              // "cup", "bridge", "all" (both, laid out to print) or "installed"

// --- your table -----------------------------------------------------------------
opening_d = 62;            // diameter of the turntable's opening in the board (mm)
drop = 4;                  // how far the turntable's underside sits below the board's underside
gap = 1.5;                 // magnet face to chip surface: 0.5-3 mm, 1-2 is best

// --- the magnet -----------------------------------------------------------------
magnet_d = 6;              // diametric (magnetised across, not along the axis!)
magnet_h = 2.5;
fit = 0.15;                // clearance for a snug press fit; raise it if your printer runs tight

// --- the AS5600 breakout --------------------------------------------------------
pcb_w = 23;                // the common square AS5600 module; measure yours
pcb_l = 23;
pcb_t = 1.6;
chip_h = 1.5;              // SOIC-8 body height above the PCB
chip_dx = 0;               // chip centre relative to the PCB centre
chip_dy = 0;
header_side = 1;           // +1 or -1: which edge of the PCB has the pin header

// --- the bridge -----------------------------------------------------------------
bridge_w = 30;             // width of the bridge (printed as its height)
beam_t = 4;                // thickness of the beam under the sensor
foot_t = 4;
foot_l = 18;               // each foot, outside the opening
leg_t = 3;
screw_d = 3.4;             // M3 clearance (or 3 mm wood screws)
slot = 6;                  // slot length: slide the bridge to centre the chip under the axis
rim = 1.2;                 // height of the frame that keeps the PCB in place

$fn = 64;

cup_floor = 1.2;
cup_h = magnet_h + cup_floor;
cup_d = magnet_d + 2 * 2.4;

// Installed heights: z = 0 at the board's underside, z grows upwards.
magnet_face_z = -(drop + cup_h);
chip_top_z = magnet_face_z - gap;
beam_face_z = chip_top_z - chip_h - pcb_t;   // the PCB lies flat on the beam
inner_x = opening_d / 2 + 1;                   // legs stand clear of the opening
outer_x = inner_x + leg_t;

assert(gap >= 0.5 && gap <= 3, "the AS5600 wants 0.5-3 mm between magnet and chip");
assert(beam_face_z < -drop - 1, "the sensor would touch the turntable: check drop and gap");

module magnet_cup() {
    // Printed open side up.  Installed upside down: the flat floor is glued to the
    // turntable's underside, the magnet's face flush with the open end, facing the chip.
    difference() {
        cylinder(d = cup_d, h = cup_h);
        translate([0, 0, cup_floor]) cylinder(d = magnet_d + fit, h = magnet_h + 1);
        // a notch to lever the magnet out again with a knife
        translate([magnet_d / 2 - 0.5, -0.6, cup_floor]) cube([cup_d, 1.2, magnet_h + 1]);
    }
}

module slot_hole(h) {
    hull()
        for (dx = [-slot / 2, slot / 2]) translate([dx, 0, -1]) cylinder(d = screw_d, h = h + 2);
}

// The bridge as installed: feet against the board, the beam under the turntable.
module bridge_installed() {
    pocket = [pcb_w + 2 * fit, pcb_l + 2 * fit];
    difference() {
        union() {
            for (side = [-1, 1]) {
                // foot
                translate([side > 0 ? outer_x - leg_t : -outer_x - foot_l + leg_t,
                           -bridge_w / 2, -foot_t])
                    cube([foot_l, bridge_w, foot_t]);
                // leg
                translate([side > 0 ? inner_x : -outer_x, -bridge_w / 2, beam_face_z - beam_t])
                    cube([leg_t, bridge_w, -(beam_face_z - beam_t)]);
            }
            // beam
            translate([-outer_x, -bridge_w / 2, beam_face_z - beam_t])
                cube([2 * outer_x, bridge_w, beam_t]);
            // frame around the PCB
            translate([-chip_dx - pocket[0] / 2 - 2, -chip_dy - pocket[1] / 2 - 2, beam_face_z])
                cube([pocket[0] + 4, pocket[1] + 4, rim]);
        }
        translate([-chip_dx - pocket[0] / 2, -chip_dy - pocket[1] / 2, beam_face_z])
            cube([pocket[0], pocket[1], rim + 1]);
        // screw slots in the feet
        for (side = [-1, 1])
            translate([side * (outer_x - leg_t + foot_l / 2), 0, -foot_t]) slot_hole(foot_t);
        // the pin header's wires go down through the beam
        translate([-chip_dx - pcb_w / 2, -chip_dy + header_side * (pcb_l / 2 - 2) - 1.5,
                   beam_face_z - beam_t - 1])
            cube([pcb_w, 3, beam_t + 2]);
        // a sight hole on the axis: shine a torch through it to centre the chip
        translate([0, 0, beam_face_z - beam_t - 1]) cylinder(d = 1.5, h = beam_t + 2);
    }
}

module bridge() {
    // Printed on its side: the hat-shaped profile lies on the bed, so nothing overhangs.
    translate([0, 0, bridge_w / 2]) rotate([90, 0, 0]) bridge_installed();
    echo(str("bridge: ", 2 * (outer_x - leg_t + foot_l), " mm long; the chip sits ", gap,
             " mm below the magnet and ", -beam_face_z, " mm below the board"));
}

if (part == "cup") magnet_cup();
if (part == "bridge") bridge();
if (part == "installed") {  // a preview of how it all sits under the board
    bridge_installed();
    translate([0, 0, -drop]) rotate([180, 0, 0]) color("silver") magnet_cup();
}
if (part == "all") {
    translate([0, -cup_d, 0]) magnet_cup();
    bridge();
}
